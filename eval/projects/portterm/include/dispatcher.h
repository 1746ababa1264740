// EventDispatcher: topic-based callbacks. publish() runs the handlers on the caller's
// thread and throws once the dispatcher is stopped; unsubscribe() stays valid after stop().
#pragma once
#include <functional>
#include <mutex>
#include <string>
#include <vector>

struct Event {
    std::string topic;
    std::string key;
    std::string payload;
};

class EventDispatcher {
public:
    using Handler = std::function<void(const Event&)>;

    int subscribe(const std::string& topic, Handler handler);
    void unsubscribe(int id);
    void publish(const Event& event);
    void stop();
    bool stopped() const;

private:
    struct Subscription {
        int id;
        std::string topic;
        Handler fn;
    };
    mutable std::mutex mu_;
    std::vector<Subscription> subs_;
    int next_id_ = 1;
    bool stopped_ = false;
};
