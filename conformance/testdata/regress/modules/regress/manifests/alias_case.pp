# A type alias is found whatever the case of its name's letters
# (Regress::MixedCase finds Regress::Mixedcase), and shows its own name.
class regress::alias_case (
  Regress::MixedCase $ok = 'a',
) {
  notify { "ok ${ok}": }
  if 'c' =~ Regress::MIXEDCASE {
    notify { 'matched': }
  }
}
