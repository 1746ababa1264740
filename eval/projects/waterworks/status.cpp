// Status, fatal() and the wall clock used for timestamps.
#include "status.h"

#include <chrono>

namespace ww {

Status::Status() : code_(StatusCode::kOk) {}

Status::Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

Status Status::Ok() { return Status(); }

Status Status::Error(StatusCode code, std::string message) {
  if (code == StatusCode::kOk) code = StatusCode::kInvalid;
  return Status(code, std::move(message));
}

bool Status::ok() const { return code_ == StatusCode::kOk; }

StatusCode Status::code() const { return code_; }

const std::string& Status::message() const { return message_; }

std::string Status::ToString() const {
  const char* name = "OK";
  switch (code_) {
    case StatusCode::kOk: return "OK";
    case StatusCode::kUnavailable: name = "UNAVAILABLE"; break;
    case StatusCode::kClosed: name = "CLOSED"; break;
    case StatusCode::kIoError: name = "IO_ERROR"; break;
    case StatusCode::kInvalid: name = "INVALID"; break;
    case StatusCode::kTimeout: name = "TIMEOUT"; break;
  }
  return std::string(name) + ": " + message_;
}

void fatal(const std::string& what) { throw std::runtime_error("fatal: " + what); }

std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace ww
