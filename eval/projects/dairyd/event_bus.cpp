// EventBus: topic-based synchronous publish/subscribe. Matching handlers are copied under the
// lock and run on the publisher's thread outside it. subscribe() and publish() throw after
// shutdown(); shutdown() is idempotent and drops every handler; unsubscribe() is always allowed.
#include "event_bus.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

int EventBus::subscribe(const std::string& topic, Handler handler) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_) throw std::runtime_error("event bus shut down");
    const int token = next_token_++;
    subs_.push_back(Sub{token, topic, std::move(handler)});
    return token;
}

void EventBus::unsubscribe(int token) {
    std::lock_guard<std::mutex> lk(mu_);
    subs_.erase(std::remove_if(subs_.begin(), subs_.end(), [token](const Sub& s) { return s.token == token; }),
                subs_.end());
}

void EventBus::publish(const Event& event) {
    std::vector<Handler> targets;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopped_) throw std::runtime_error("event bus shut down");
        for (const Sub& s : subs_) {
            if (s.topic == event.topic) targets.push_back(s.fn);
        }
    }
    for (const Handler& handler : targets) handler(event);
}

void EventBus::shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_) return;
    stopped_ = true;
    subs_.clear();
}

bool EventBus::stopped() const {
    std::lock_guard<std::mutex> lk(mu_);
    return stopped_;
}
