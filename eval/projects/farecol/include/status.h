// Result values returned by farecol operations: a Status class with named factories that
// callers test through ok()/failed(), and a small result struct for a push to one device.
#pragma once
#include <string>

namespace farecol {

enum class StatusCode { Ok, NotFound, Rejected, Closed, IoError, Busy, Invalid };

class Status {
public:
  Status() = default;

  static Status success() { return Status(); }
  static Status notFound(const std::string &what) { return Status(StatusCode::NotFound, 0, what + " not found"); }
  static Status closed(const std::string &what) { return Status(StatusCode::Closed, 0, what + " is closed"); }
  static Status rejected(const std::string &why);
  static Status busy(const std::string &what);
  static Status invalid(const std::string &what);
  static Status ioError(int sysErrno, const std::string &what);

  bool ok() const { return code_ == StatusCode::Ok; }
  bool failed() const { return code_ != StatusCode::Ok || sysErrno_ != 0; }
  StatusCode code() const { return code_; }
  int sysErrno() const { return sysErrno_; }
  const std::string &message() const { return message_; }
  std::string describe() const;

private:
  Status(StatusCode code, int sysErrno, std::string message);

  StatusCode code_ = StatusCode::Ok;
  int sysErrno_ = 0;
  std::string message_;
};

const char *statusCodeName(StatusCode code);

struct PushResult {
  std::string deviceId;
  bool delivered = false;
  bool linkClosed = false;

  bool ok() const { return delivered && !linkClosed; }

  static PushResult sent(const std::string &id) { return PushResult{id, true, false}; }
  static PushResult offline(const std::string &id) { return PushResult{id, false, true}; }
  static PushResult unknown(const std::string &id) { return PushResult{id, false, false}; }
};

} // namespace farecol
