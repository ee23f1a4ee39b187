node default { include a }
class main_cls { }
function mainfn() { 1 }
type MainT = Integer
