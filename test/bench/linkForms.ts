/** The four ways an article writes a link, taken in turn by the generated documents of the benches. */
export function linkInForm(index: number, target: string, label: string): string {
  const forms = [
    `See [${label}](${target} "Item").`,
    `Autolink <${target}> here.`,
    `Bare ${target}, then text.`,
    `<a href="${target}">item</a>`,
  ];
  return forms[index % forms.length]!;
}
