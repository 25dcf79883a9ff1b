import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getApi, unwrap } from "#app/lib/api-client.ts";
import { failureMessage } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { ComputerIcon, PhoneIcon, TabletIcon } from "#app/ui/icons.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { type Device, devicesQuery, profileKeys } from "./api.ts";
import { type DeviceKind, describeDevice, formatLastActive } from "./device-label.ts";

/**
 * «Устройства»: every browser signed in to the account, this one marked, each other one with its own
 * «Выйти», and «Выйти на других устройствах» after a confirmation. `renderedAt` is the server's clock at
 * render time, so the hydrating browser prints the same «5 минут назад»; its own clock takes over after.
 */
export function DevicesSection({ renderedAt }: { renderedAt: number }) {
  const { data } = useQuery(devicesQuery());
  const queryClient = useQueryClient();
  const [now, setNow] = useState(renderedAt);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setNow(Date.now()), []);

  // This browser first, then the others, the most recently used first (the API's order).
  const devices = [...(data?.items ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = devices.filter((device) => !device.current).length;
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.devices() });

  const failed = (failure: unknown) =>
    showToast({
      type: "error",
      title: "Не получилось",
      text: failureMessage(failure),
      group: "devices",
    });

  const signOutOthers = async () => {
    try {
      await unwrap(getApi().v1.user.sessions.others.$delete());
      setConfirming(false);
      showToast({ type: "success", title: "Вы вышли на других устройствах", group: "devices" });
      await refresh();
    } catch (failure) {
      failed(failure);
    }
  };

  const signOutOne = async (device: Device) => {
    try {
      await unwrap(getApi().v1.user.sessions[":id"].$delete({ param: { id: device.id } }));
      showToast({
        type: "success",
        title: "Сеанс завершён",
        text: describeDevice(device.userAgent).label,
        group: "devices",
      });
    } catch (failure) {
      failed(failure);
    }
    // Ended elsewhere already (404) or just now: either way the list should say what is true.
    await refresh();
  };

  return (
    <section className="profile-card" aria-labelledby="profile-devices-title">
      <h2 className="profile-card__title" id="profile-devices-title">
        Устройства
      </h2>
      <p className="profile-card__text">
        Здесь вход в ваш аккаунт. Если устройство вам незнакомо, завершите на нём сеанс.
      </p>
      <ul className="ui-rows profile-devices" aria-label="Устройства, на которых выполнен вход">
        {devices.map((device) => {
          const { label, kind } = describeDevice(device.userAgent);
          return (
            <li key={device.id} className="ui-row">
              <DeviceIcon kind={kind} />
              <div className="ui-row__main">
                <p className="ui-row__title">
                  {label}
                  {device.current ? <span className="ui-badge">Это устройство</span> : null}
                </p>
                <p className="ui-row__details">
                  {device.current ? "Активно сейчас" : `Активно ${formatLastActive(device.lastSeenAt, now)}`}
                  {device.ip ? <span className="profile-device__ip">IP {device.ip}</span> : null}
                </p>
              </div>
              {device.current ? null : (
                <Button
                  variant="ghost"
                  className="profile-device__sign-out"
                  aria-label={`Выйти на устройстве ${label}`}
                  onClick={() => signOutOne(device)}
                >
                  Выйти
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Button variant="secondary" className="profile-devices__others" onClick={() => setConfirming(true)}>
          Выйти на других устройствах
        </Button>
      ) : (
        <p className="profile-card__text profile-devices__alone">Других устройств с входом нет.</p>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        size="s"
        title="Выйти на других устройствах?"
        description="Вход останется только в этом браузере. На остальных устройствах нужно будет войти заново."
        footer={
          <div className="profile-confirm__actions">
            <Button onClick={signOutOthers}>Выйти</Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Отмена
            </Button>
          </div>
        }
      />
    </section>
  );
}

function DeviceIcon({ kind }: { kind: DeviceKind }) {
  return (
    <span className="profile-device__icon">
      {kind === "phone" ? <PhoneIcon /> : kind === "tablet" ? <TabletIcon /> : <ComputerIcon />}
    </span>
  );
}
