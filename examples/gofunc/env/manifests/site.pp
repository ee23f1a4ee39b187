node default {
  include greet
}
