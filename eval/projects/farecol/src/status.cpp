// Status factories and formatting for farecol results.
#include "status.h"

#include <cstring>
#include <utility>

namespace farecol {

Status::Status(StatusCode code, int sysErrno, std::string message)
    : code_(code), sysErrno_(sysErrno), message_(std::move(message)) {}

Status Status::rejected(const std::string &why) { return Status(StatusCode::Rejected, 0, why); }

Status Status::busy(const std::string &what) {
  std::string message = what;
  message += " is busy, try again later";
  return Status(StatusCode::Busy, 0, std::move(message));
}

Status Status::invalid(const std::string &what) { return Status(StatusCode::Invalid, 0, "invalid: " + what); }

Status Status::ioError(int sysErrno, const std::string &what) {
  std::string message = what;
  if (sysErrno != 0) {
    message += ": ";
    message += std::strerror(sysErrno);
  }
  return Status(StatusCode::IoError, sysErrno, std::move(message));
}

std::string Status::describe() const {
  if (ok())
    return "ok";
  std::string out = statusCodeName(code_);
  if (!message_.empty()) {
    out += " (";
    out += message_;
    out += ')';
  }
  return out;
}

const char *statusCodeName(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "ok";
  case StatusCode::NotFound:
    return "not-found";
  case StatusCode::Rejected:
    return "rejected";
  case StatusCode::Closed:
    return "closed";
  case StatusCode::IoError:
    return "io-error";
  case StatusCode::Busy:
    return "busy";
  case StatusCode::Invalid:
    return "invalid";
  }
  return "unknown";
}

} // namespace farecol
