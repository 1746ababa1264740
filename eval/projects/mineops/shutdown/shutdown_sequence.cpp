// ShutdownSequence: runs every step in order and then every hook, keeping going after a
// failure (a failed step is logged and counted, an exception is caught). The hooks close
// shared resources, so run() executes them once: a second run() returns immediately.
#include "shutdown.h"

#include <exception>
#include <utility>

Step::~Step() = default;

void ShutdownSequence::add(std::unique_ptr<Step> step) {
    steps_.push_back(std::move(step));
}

void ShutdownSequence::addHook(std::string name, std::function<Status()> hook) {
    hooks_.emplace_back(std::move(name), std::move(hook));
}

Status ShutdownSequence::run(ShutdownContext& ctx) {
    if (done_) return Status::Ok();
    done_ = true;

    for (auto& step : steps_) {
        try {
            Status st = step->run(ctx);
            if (st.ok()) {
                ctx.log.push_back(std::string(step->name()) + ": done");
            } else {
                ctx.log.push_back(std::string(step->name()) + ": " + st.message());
                ++ctx.failures;
            }
        } catch (const std::exception& e) {
            ctx.log.push_back(std::string(step->name()) + " threw: " + e.what());
            ++ctx.failures;
        }
    }

    for (auto& hook : hooks_) {
        try {
            Status st = hook.second(); // OK: done_ guarantees the closing hooks run once per sequence
            if (!st.ok()) {
                ctx.log.push_back(hook.first + ": " + st.message());
                ++ctx.failures;
            }
        } catch (const std::exception& e) {
            ctx.log.push_back(hook.first + " threw: " + e.what());
            ++ctx.failures;
        }
    }

    if (ctx.failures == 0) return Status::Ok();
    return Status::Error(std::to_string(ctx.failures) + " shutdown steps failed");
}

bool ShutdownSequence::done() const {
    return done_;
}
