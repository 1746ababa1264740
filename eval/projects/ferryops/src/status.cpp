// Status factories and formatting. No handles are involved here.
#include "status.h"

#include <cstring>
#include <utility>

namespace ferry {

const char *toString(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "ok";
  case StatusCode::Closed:
    return "closed";
  case StatusCode::Io:
    return "io";
  case StatusCode::Timeout:
    return "timeout";
  case StatusCode::Invalid:
    return "invalid";
  case StatusCode::Busy:
    return "busy";
  }
  return "unknown";
}

Status::Status(StatusCode code, std::string message, int err)
    : code_(code), message_(std::move(message)), errno_(err) {}

Status Status::Ok() { return Status(); }

Status Status::Closed(std::string what) { return Status(StatusCode::Closed, std::move(what)); }

Status Status::IoError(int err, std::string what) {
  what += ": ";
  what += std::strerror(err);
  return Status(StatusCode::Io, std::move(what), err);
}

Status Status::Timeout(std::string what) { return Status(StatusCode::Timeout, std::move(what)); }

Status Status::Invalid(std::string what) { return Status(StatusCode::Invalid, std::move(what)); }

Status Status::Busy(std::string what) { return Status(StatusCode::Busy, std::move(what)); }

std::string Status::toString() const {
  if (ok())
    return "ok";
  std::string s = ferry::toString(code_);
  s += ": ";
  s += message_;
  return s;
}

} // namespace ferry
