// A document given "on request": its button names it in the page's contact form (the line above
// the form, which the form's island sends as the lead's `document_id`) and starts the message
// with the request when the visitor has written none. The link's own jump to #contact-form
// stays. Plain code, with no framework: the form's island may not have woken yet.

const LINE = '[data-requested-document]';

function requested(button: HTMLElement): void {
  const line = document.querySelector<HTMLElement>(LINE);
  if (!line) return;
  line.dataset.id = button.dataset.requestDocument ?? '';
  const title = line.querySelector('strong');
  if (title) title.textContent = button.dataset.title ?? '';
  line.hidden = false;
  const message = document.querySelector<HTMLTextAreaElement>(
    '#contact-form textarea[name="message"]',
  );
  if (message && message.value.trim() === '') message.value = button.dataset.message ?? '';
}

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const button = target?.closest<HTMLElement>('[data-request-document]');
  if (button) {
    requested(button);
    return;
  }
  const remove = target?.closest(`${LINE} button`);
  const line = remove?.closest<HTMLElement>(LINE);
  if (line) {
    line.hidden = true;
    delete line.dataset.id;
  }
});
