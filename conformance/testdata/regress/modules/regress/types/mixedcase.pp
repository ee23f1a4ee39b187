type Regress::Mixedcase = Enum['a', 'b']
