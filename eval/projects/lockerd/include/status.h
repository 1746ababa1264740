// Outcome of an operation in lockerd: a code, the errno behind it (if any)
// and a message for the operator console and the diagnostics log.
#pragma once
#include <string>
#include <utility>

enum class StatusCode { Ok, NotFound, Closed, IoError, Rejected, Busy };

class Status {
public:
  Status() = default;

  static Status success() { return Status(); }
  static Status notFound(const std::string &what) { return Status(StatusCode::NotFound, 0, what + " not found"); }
  static Status closed(const std::string &what);
  static Status ioError(const std::string &what, int err);
  static Status rejected(const std::string &why);
  static Status busy(const std::string &why);

  bool ok() const { return code_ == StatusCode::Ok && errno_ == 0; }
  bool failed() const { return code_ != StatusCode::Ok || errno_ != 0; }
  StatusCode code() const { return code_; }
  int sysErrno() const { return errno_; }
  const std::string &message() const { return message_; }
  std::string describe() const;

private:
  Status(StatusCode code, int err, std::string message)
      : code_(code), errno_(err), message_(std::move(message)) {}

  StatusCode code_ = StatusCode::Ok;
  int errno_ = 0;
  std::string message_;
};

// What happened to one command handed to one bank.
struct PushResult {
  std::string bankId;
  bool delivered = false;
  std::string error;

  bool ok() const { return delivered && error.empty(); }
};
