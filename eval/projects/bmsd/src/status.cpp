// Status factory and formatting.
#include "status.h"

namespace bmsd {

Status Status::error(Code code, std::string message) {
  if (code == Code::Ok)
    code = Code::Invalid;
  return Status(code, std::move(message));
}

std::string Status::toString() const {
  if (good())
    return "ok";
  return std::string(codeName(code_)) + ": " + message_;
}

const char *codeName(Status::Code code) {
  switch (code) {
  case Status::Code::Ok:
    return "ok";
  case Status::Code::NotFound:
    return "not found";
  case Status::Code::Rejected:
    return "rejected";
  case Status::Code::IoError:
    return "i/o error";
  case Status::Code::Timeout:
    return "timeout";
  case Status::Code::Invalid:
    return "invalid";
  }
  return "unknown";
}

} // namespace bmsd
