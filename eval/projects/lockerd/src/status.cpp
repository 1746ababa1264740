// Status factories that build their message, and the printable form used by
// the console and the diagnostics log.
#include "status.h"

#include <cstring>

Status Status::closed(const std::string &what) {
  return Status(StatusCode::Closed, 0, what + " is closed");
}

Status Status::ioError(const std::string &what, int err) {
  std::string message = what;
  if (err != 0) {
    message += ": ";
    message += std::strerror(err);
  }
  return Status(StatusCode::IoError, err, std::move(message));
}

Status Status::rejected(const std::string &why) { return Status(StatusCode::Rejected, 0, why); }

Status Status::busy(const std::string &why) {
  return Status(StatusCode::Busy, 0, why);
}

std::string Status::describe() const {
  const char *name = "ok";
  switch (code_) {
  case StatusCode::Ok:
    name = "ok";
    break;
  case StatusCode::NotFound:
    name = "not found";
    break;
  case StatusCode::Closed:
    name = "closed";
    break;
  case StatusCode::IoError:
    name = "i/o error";
    break;
  case StatusCode::Rejected:
    name = "rejected";
    break;
  case StatusCode::Busy:
    name = "busy";
    break;
  }
  if (message_.empty())
    return name;
  return std::string(name) + ": " + message_;
}
