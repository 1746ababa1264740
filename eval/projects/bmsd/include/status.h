// Status: the small result type that bmsd operations return instead of
// throwing when a failure is expected (a refused controller, a short write).
#pragma once
#include <string>
#include <utility>

namespace bmsd {

class Status {
public:
  enum class Code { Ok, NotFound, Rejected, IoError, Timeout, Invalid };

  Status() = default;

  static Status ok() { return Status(); }
  static Status error(Code code, std::string message);
  static Status error(std::string message) {
    return error(Code::IoError, std::move(message));
  }

  bool good() const { return code_ == Code::Ok; }
  Code code() const { return code_; }
  const std::string &message() const { return message_; }
  std::string toString() const;

private:
  Status(Code code, std::string message)
      : code_(code), message_(std::move(message)) {}

  Code code_ = Code::Ok;
  std::string message_;
};

const char *codeName(Status::Code code);

} // namespace bmsd
