// Status: an error code plus a message; Code::Ok means success. Pure value type, no
// resources.
#include "status.h"

namespace tubed {

const char* code_name(Code code) {
  switch (code) {
    case Code::Ok:
      return "ok";
    case Code::Closed:
      return "closed";
    case Code::Busy:
      return "busy";
    case Code::Timeout:
      return "timeout";
    case Code::IoError:
      return "io-error";
    case Code::Invalid:
      return "invalid";
    case Code::NotFound:
      return "not-found";
  }
  return "unknown";
}

Status::Status() : code_(Code::Ok) {}

Status::Status(Code code, std::string message) : code_(code), message_(std::move(message)) {}

Status Status::ok() { return Status(); }

Status Status::error(Code code, std::string message) { return Status(code, std::move(message)); }

bool Status::is_ok() const { return code_ == Code::Ok; }

Code Status::code() const { return code_; }

const std::string& Status::message() const { return message_; }

std::string Status::to_string() const {
  if (is_ok()) return "ok";
  return std::string(code_name(code_)) + ": " + message_;
}

}  // namespace tubed
