-- Only the api function stores campaign images. It checks the caller (an approved business) and
-- sniffs the bytes (PNG, JPEG or GIF, whatever the upload claims) and then stores them as
-- service_role under a name it makes. Clients lose their insert policy: a business calling Storage
-- directly with its own token could otherwise store any bytes labelled image/png under any name
-- (an `evil.html`), skipping the sniffing.
drop policy "Approved businesses can upload images to their own folder" on storage.objects;
