// Status: a code plus a message; Status() and Status::Ok() mean success.
#include "status.h"

Status::Status() : code_(StatusCode::Ok) {}

Status::Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

Status Status::Ok() { return Status(); }

Status Status::Error(StatusCode code, std::string message) {
  if (code == StatusCode::Ok) code = StatusCode::Invalid;
  return Status(code, std::move(message));
}

bool Status::ok() const { return code_ == StatusCode::Ok; }

StatusCode Status::code() const { return code_; }

const std::string& Status::message() const { return message_; }

std::string Status::toString() const {
  switch (code_) {
    case StatusCode::Ok: return "ok";
    case StatusCode::Closed: return "closed: " + message_;
    case StatusCode::Timeout: return "timeout: " + message_;
    case StatusCode::IoError: return "i/o error: " + message_;
    case StatusCode::NotFound: return "not found: " + message_;
    case StatusCode::Busy: return "busy: " + message_;
    case StatusCode::Jammed: return "jammed: " + message_;
    case StatusCode::Invalid: return "invalid: " + message_;
  }
  return message_;
}
