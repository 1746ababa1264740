// EventDispatcher: topic-based publish/subscribe used between the mine's components.
// Handlers run synchronously on the publishing thread.
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

struct Event {
    std::string topic;
    double value = 0.0;
    std::string source;
};

using Handler = std::function<void(const Event&)>;

class EventDispatcher {
public:
    int subscribe(const std::string& topic, Handler handler);
    void unsubscribe(int id);
    void publish(const Event& event);
    std::size_t handlerCount(const std::string& topic) const;

private:
    struct Entry {
        int id;
        std::string topic;
        Handler handler;
    };

    mutable std::mutex mu_;
    std::vector<Entry> entries_;
    int nextId_ = 1;
};
