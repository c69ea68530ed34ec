-- Images are made on the phone as WebP where the browser can encode it (issue 27): the campaign
-- images bucket accepts it besides PNG, JPEG and GIF. The api function still sniffs every file.
update storage.buckets
set allowed_mime_types = array['image/png', 'image/jpeg', 'image/gif', 'image/webp']
where id = 'campaign-images';
