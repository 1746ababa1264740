// ShutdownSequence and LambdaStep: every step runs once, in the order it was added;
// a failing or throwing step is recorded and the sequence carries on with the next one.
#include <exception>
#include <stdexcept>

#include "shutdown.h"

Step::~Step() = default;

LambdaStep::LambdaStep(std::string name, std::function<Status()> fn) : name_(std::move(name)), fn_(std::move(fn)) {}

const char* LambdaStep::name() const { return name_.c_str(); }

Status LambdaStep::run() { return fn_ ? fn_() : Status::success(); }

void ShutdownSequence::add(std::unique_ptr<Step> step) {
    if (ran_) throw std::logic_error("shutdown sequence already ran");
    steps_.push_back(std::move(step));
}

void ShutdownSequence::add(std::string name, std::function<Status()> fn) {
    add(std::make_unique<LambdaStep>(std::move(name), std::move(fn)));
}

std::vector<Status> ShutdownSequence::run_all() {
    if (ran_) throw std::logic_error("shutdown sequence already ran");
    ran_ = true;
    std::vector<Status> failures;
    for (auto& step : steps_) {
        Status st;
        try {
            st = step->run();
        } catch (const std::exception& e) {
            st = Status::error(ErrorCode::Invalid, e.what());
        }
        if (!st.ok()) {
            log_line("shutdown", std::string(step->name()) + " failed: " + st.message());
            failures.push_back(Status::error(st.code(), std::string(step->name()) + ": " + st.message()));
        } else {
            log_line("shutdown", std::string(step->name()) + " done");
        }
    }
    return failures;
}

std::size_t ShutdownSequence::size() const { return steps_.size(); }
