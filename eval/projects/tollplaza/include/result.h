// Status returned by the plaza's operations: ok() or an error message.
#pragma once
#include <string>

namespace toll {

class Result {
public:
  static Result success();
  static Result failure(std::string message);
  // failure() with ": <strerror(errno)>" appended.
  static Result fromErrno(const std::string &what);

  bool ok() const { return ok_; }
  const std::string &error() const { return error_; }

private:
  Result() = default;
  bool ok_ = true;
  std::string error_;
};

} // namespace toll
