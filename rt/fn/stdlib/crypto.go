package stdlib

import ()

func init() {

}
