// Status: the error type every ferryops component returns instead of throwing
// across module boundaries. Factories and formatting live in status.cpp.
#pragma once
#include <string>

namespace ferry {

enum class StatusCode { Ok, Closed, Io, Timeout, Invalid, Busy };

const char *toString(StatusCode code);

class Status {
public:
  Status() = default;

  static Status Ok();
  static Status Closed(std::string what);
  static Status IoError(int err, std::string what);
  static Status Timeout(std::string what);
  static Status Invalid(std::string what);
  static Status Busy(std::string what);

  bool ok() const { return code_ == StatusCode::Ok; }
  StatusCode code() const { return code_; }
  int sysErrno() const { return errno_; }
  const std::string &message() const { return message_; }
  std::string toString() const;

private:
  Status(StatusCode code, std::string message, int err = 0);

  StatusCode code_ = StatusCode::Ok;
  std::string message_;
  int errno_ = 0;
};

} // namespace ferry
