-- Reference data every environment needs (not demo content): the guid dictionary and runtime options.
-- Codes are stable API identifiers; values are the Russian labels the storefront shows.
INSERT INTO "dictionary_entries" ("code", "value") VALUES
  ('delivery_type.courier', 'Курьером'),
  ('delivery_type.pickup', 'Самовывоз из пункта выдачи'),
  ('order_status.created', 'Оформлен'),
  ('order_status.awaiting_payment', 'Ожидает оплаты'),
  ('order_status.paid', 'Оплачен'),
  ('order_status.assembling', 'Собирается'),
  ('order_status.in_delivery', 'Передан в доставку'),
  ('order_status.ready_for_pickup', 'Ожидает в пункте выдачи'),
  ('order_status.delivered', 'Получен'),
  ('order_status.cancelled', 'Отменён'),
  ('refund_status.sent', 'Заявка отправлена'),
  ('refund_status.approved', 'Возврат одобрен'),
  ('refund_status.rejected', 'В возврате отказано'),
  ('refund_status.completed', 'Деньги возвращены'),
  ('refund_status.cancelled', 'Заявка отменена'),
  ('refund_reason.defect', 'Товар с браком'),
  ('refund_reason.wrong_item', 'Привезли не тот товар'),
  ('refund_reason.incomplete', 'Неполная комплектация'),
  ('refund_reason.not_as_described', 'Не соответствует описанию'),
  ('refund_reason.changed_mind', 'Передумал(а) покупать'),
  ('support_category.order', 'Вопрос по заказу'),
  ('support_category.delivery', 'Доставка'),
  ('support_category.payment', 'Оплата и бонусы'),
  ('support_category.refund', 'Возврат и обмен'),
  ('support_category.product', 'Вопрос о товаре'),
  ('support_category.account', 'Личный кабинет'),
  ('support_category.other', 'Другое'),
  ('payment_type.card', 'Банковской картой'),
  ('payment_type.bonus', 'Бонусными баллами'),
  ('payment_type.sbp', 'Через СБП')
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "options" ("code", "value") VALUES
  ('show_modal_import_external_profile_data', 'false'::jsonb),
  ('modal_import_external_profile_data_hours_delay', '24'::jsonb),
  ('basket_max_items', '100'::jsonb),
  ('support_phone', '"8 800 100-00-00"'::jsonb)
ON CONFLICT ("code") DO NOTHING;
