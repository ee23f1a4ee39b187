type Envtype = String
