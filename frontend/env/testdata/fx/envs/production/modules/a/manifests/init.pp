class a { }
class a::inline { }
define a::d() { }
function a::in_manifest() { 1 }
type A::Inmanifest = String
