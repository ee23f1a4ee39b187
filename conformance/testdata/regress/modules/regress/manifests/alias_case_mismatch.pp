class regress::alias_case_mismatch (
  Regress::MixedCase $bad = 'c',
) {
}
