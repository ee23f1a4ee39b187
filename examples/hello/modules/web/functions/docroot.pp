# The document root of a site.
function web::docroot(String[1] $site) >> String {
  "/srv/www/${site}"
}
