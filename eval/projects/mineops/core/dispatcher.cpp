// EventDispatcher: handlers are copied out under the lock and invoked without it, so a
// handler may subscribe or unsubscribe while an event is being published.
#include "dispatcher.h"

#include <algorithm>
#include <utility>

int EventDispatcher::subscribe(const std::string& topic, Handler handler) {
    std::lock_guard<std::mutex> lk(mu_);
    const int id = nextId_++;
    entries_.push_back(Entry{id, topic, std::move(handler)});
    return id;
}

void EventDispatcher::unsubscribe(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [id](const Entry& e) { return e.id == id; }),
                   entries_.end());
}

void EventDispatcher::publish(const Event& event) {
    std::vector<Handler> handlers;
    {
        std::lock_guard<std::mutex> lk(mu_);
        for (const auto& e : entries_) {
            if (e.topic == event.topic) handlers.push_back(e.handler);
        }
    }
    for (const auto& h : handlers) h(event);
}

std::size_t EventDispatcher::handlerCount(const std::string& topic) const {
    std::lock_guard<std::mutex> lk(mu_);
    return static_cast<std::size_t>(
        std::count_if(entries_.begin(), entries_.end(), [&topic](const Entry& e) { return e.topic == topic; }));
}
