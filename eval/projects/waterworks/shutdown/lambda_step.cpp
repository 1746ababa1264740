// LambdaStep: a named step whose work is a closure (short teardown actions
// that do not deserve a class of their own).
#include "shutdown_steps.h"

#include <utility>

namespace ww {

LambdaStep::LambdaStep(std::string name, std::function<Status()> fn)
    : name_(std::move(name)), fn_(std::move(fn)) {}

const char* LambdaStep::name() const { return name_.c_str(); }

Status LambdaStep::run() {
  if (!fn_) return Status::Error(StatusCode::kInvalid, "empty step " + name_);
  return fn_();
}

}  // namespace ww
