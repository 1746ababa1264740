// EventBus: synchronous topic publish/subscribe between plant components.
#pragma once
#include <functional>
#include <mutex>
#include <string>
#include <vector>

struct Event {
    std::string topic;
    std::string text;
    double value = 0.0;
};

class EventBus {
public:
    using Handler = std::function<void(const Event&)>;

    int subscribe(const std::string& topic, Handler handler);   // throws after shutdown()
    void unsubscribe(int token);
    void publish(const Event& event);                           // throws after shutdown()
    void shutdown();                                            // idempotent
    bool stopped() const;

private:
    struct Sub {
        int token;
        std::string topic;
        Handler fn;
    };
    mutable std::mutex mu_;
    std::vector<Sub> subs_;
    int next_token_ = 1;
    bool stopped_ = false;
};
