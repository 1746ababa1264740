// EventDispatcher: handlers are copied under the mutex and invoked outside it, so a
// handler may subscribe or unsubscribe. stop() drops every handler; later publishes throw.
#include <algorithm>
#include <stdexcept>

#include "dispatcher.h"

int EventDispatcher::subscribe(const std::string& topic, Handler handler) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_) throw std::runtime_error("event dispatcher stopped");
    subs_.push_back(Subscription{next_id_, topic, std::move(handler)});
    return next_id_++;
}

void EventDispatcher::unsubscribe(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    subs_.erase(std::remove_if(subs_.begin(), subs_.end(), [id](const Subscription& s) { return s.id == id; }),
                subs_.end());
}

void EventDispatcher::publish(const Event& event) {
    std::vector<Handler> targets;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopped_) throw std::runtime_error("event dispatcher stopped");
        for (const auto& sub : subs_) {
            if (sub.topic == event.topic) targets.push_back(sub.fn);
        }
    }
    for (auto& fn : targets) fn(event);
}

void EventDispatcher::stop() {
    std::vector<Subscription> dropped;
    {
        std::lock_guard<std::mutex> lk(mu_);
        stopped_ = true;
        dropped.swap(subs_);
    }
    // the handlers (and whatever they captured) are destroyed here, outside the lock
}

bool EventDispatcher::stopped() const {
    std::lock_guard<std::mutex> lk(mu_);
    return stopped_;
}
