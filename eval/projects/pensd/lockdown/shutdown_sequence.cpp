// ShutdownSequence: registry of lockdown steps. Components add steps while they
// are built; run_all() runs them once, phase by phase and in registration order
// within a phase, catching whatever a step throws so the rest still runs.
#include "shutdown_sequence.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Drain: return "drain";
    case Phase::Stop: return "stop";
    case Phase::Release: return "release";
    case Phase::Final: return "final";
    case Phase::Seal: return "seal";
  }
  return "?";
}

LambdaStep::LambdaStep(std::string name, std::function<Status()> fn) : name_(std::move(name)), fn_(std::move(fn)) {}

const char* LambdaStep::name() const { return name_.c_str(); }

Status LambdaStep::run() { return fn_ ? fn_() : Status::Ok(); }

ShutdownSequence::ShutdownSequence() : failures_(0), done_(false) {}

void ShutdownSequence::add(Phase phase, std::unique_ptr<Step> step) {
  std::lock_guard<std::mutex> lk(mu_);
  if (done_) throw std::logic_error(std::string("lockdown already ran, cannot add ") + step->name());
  entries_.push_back(Entry{phase, entries_.size(), std::move(step)});
}

void ShutdownSequence::add(Phase phase, std::string name, std::function<Status()> fn) {
  add(phase, std::make_unique<LambdaStep>(std::move(name), std::move(fn)));
}

Status ShutdownSequence::run_all() {
  std::vector<Entry> steps;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (done_) return Status::Error(Errc::Busy, "lockdown sequence already ran");
    done_ = true;
    steps.swap(entries_);
  }
  std::stable_sort(steps.begin(), steps.end(), [](const Entry& a, const Entry& b) { return a.phase < b.phase; });
  Status first;
  std::size_t failures = 0;
  for (Entry& entry : steps) {
    Status st;
    try {
      st = entry.step->run();
    } catch (const std::exception& e) {
      st = Status::Error(Errc::Io, std::string("threw: ") + e.what());
    }
    if (st.ok()) continue;
    ++failures;
    std::fprintf(stderr, "lockdown [%s] %s: %s\n", phase_name(entry.phase), entry.step->name(), st.to_string().c_str());
    if (first.ok()) first = st;
  }
  std::lock_guard<std::mutex> lk(mu_);
  failures_ = failures;
  entries_.swap(steps);  // keep the steps (and what they hold) alive with the sequence
  return first;
}

bool ShutdownSequence::done() const {
  std::lock_guard<std::mutex> lk(mu_);
  return done_;
}

std::size_t ShutdownSequence::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return entries_.size();
}

std::size_t ShutdownSequence::failures() const {
  std::lock_guard<std::mutex> lk(mu_);
  return failures_;
}
