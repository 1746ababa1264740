// Names and descriptions for the Status codes returned across lift
// operations.
#include "status.h"

namespace liftops {

const char *errcName(Errc code) {
  switch (code) {
  case Errc::Ok:
    return "ok";
  case Errc::Closed:
    return "closed";
  case Errc::Io:
    return "io";
  case Errc::Timeout:
    return "timeout";
  case Errc::Invalid:
    return "invalid";
  case Errc::NotFound:
    return "not-found";
  }
  return "unknown";
}

std::string Status::describe() const {
  if (isOk())
    return "ok";
  return std::string(errcName(code_)) + ": " + message_;
}

} // namespace liftops
