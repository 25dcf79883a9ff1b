import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, SelectField, TextAreaField, TextField } from "./field.tsx";

describe("Field", () => {
  it("ties the label to the control and the hint to its description", () => {
    const html = renderToString(<TextField label="Имя" name="name" hint="Как в паспорте" />);
    const id = /<input class="ui-field__input" id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label class="ui-field__label" for="${id}">Имя</label>`);
    expect(html).toContain(`aria-describedby="${id}-note"`);
    expect(html).toContain(`<p class="ui-field__hint" id="${id}-note">Как в паспорте</p>`);
    expect(html).not.toContain("aria-invalid");
  });

  it("shows the message instead of the hint, announced, with the control marked invalid", () => {
    const html = renderToString(
      <Field label="Телефон" id="phone" error="Заполните номер телефона полностью" hint="Для СМС">
        {(control) => <input className="ui-field__input" {...control} />}
      </Field>,
    );
    expect(html).toContain('class="ui-field ui-field--invalid"');
    expect(html).toContain('id="phone" aria-invalid="true" aria-describedby="phone-note"');
    expect(html).toContain(
      '<p class="ui-field__error" id="phone-note" role="alert">Заполните номер телефона полностью</p>',
    );
    expect(html).not.toContain("Для СМС");
  });

  it("describes nothing when there is neither hint nor message", () => {
    const html = renderToString(<TextField label="Квартира" name="flat" />);
    expect(html).not.toContain("aria-describedby");
    expect(html).not.toContain("<p");
  });

  it("draws a text area and a select with their own modifiers", () => {
    expect(renderToString(<TextAreaField label="Комментарий" />)).toContain(
      'class="ui-field__input ui-field__input--area"',
    );
    const select = renderToString(
      <SelectField label="Город" defaultValue="1">
        <option value="1">Москва</option>
      </SelectField>,
    );
    expect(select).toContain('class="ui-field__input ui-field__input--select"');
    expect(select).toContain("Москва");
  });
});
