// ShutdownSequence: runs its steps in the order they were added, catching what
// a step throws so that the remaining steps still run. A sequence runs once.
#include "shutdown_sequence.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

#include "shutdown_steps.h"

namespace ww {

ShutdownSequence::ShutdownSequence(std::string name) : name_(std::move(name)) {}

ShutdownSequence& ShutdownSequence::add(std::unique_ptr<Step> step) {
  if (ran_) throw std::logic_error("shutdown sequence " + name_ + " already ran");
  steps_.push_back(std::move(step));
  return *this;
}

ShutdownSequence& ShutdownSequence::add(std::string name, std::function<Status()> fn) {
  return add(std::make_unique<LambdaStep>(std::move(name), std::move(fn)));
}

SequenceReport ShutdownSequence::run() {
  if (ran_) throw std::logic_error("shutdown sequence " + name_ + " already ran");
  ran_ = true;
  SequenceReport report;
  for (const std::unique_ptr<Step>& step : steps_) {
    ++report.ran;
    try {
      Status st = step->run();
      if (!st.ok()) {
        ++report.failed;
        report.errors.push_back(std::string(step->name()) + ": " + st.ToString());
      }
    } catch (const std::exception& e) {
      ++report.failed;
      report.errors.push_back(std::string(step->name()) + ": " + e.what());
    }
  }
  std::fprintf(stderr, "%s: %zu step(s), %zu failed\n", name_.c_str(), report.ran, report.failed);
  return report;
}

bool ShutdownSequence::has_run() const { return ran_; }

std::size_t ShutdownSequence::size() const { return steps_.size(); }

}  // namespace ww
