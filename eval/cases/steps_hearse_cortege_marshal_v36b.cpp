// Funeral cortege marshal. While a cortege is on the road the marshal keeps a
// radio net to the escort riders and a route feed (a GPS breadcrumb file).
// Stand-down is a list of steps contributed by each subsystem and run in
// order: a vector of std::function for the normal stand-down, and a registry
// of named steps run in an explicit order for the escort release.
// Mistakes: in stand_down() the route subsystem's step announces the sealed
// log on the radio, but the radio subsystem's close step was added first; in
// early_release() the order lists "radio-close" before "radio-release".
#include <cstdio>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class RadioNet {
public:
    explicit RadioNet(std::string channel) : channel_(std::move(channel)) {}
    void send(const std::string& msg) {
        if (!open_) throw std::runtime_error("radio net " + channel_ + " closed");
        sent_.push_back(msg);
    }
    void close() { open_ = false; }
    bool is_open() const { return open_; }

private:
    std::string channel_;
    std::vector<std::string> sent_;
    bool open_ = true;
};

class RouteFeed {
public:
    explicit RouteFeed(const std::string& path) { reopen(path); }
    ~RouteFeed() { close(); }
    void reopen(const std::string& path) {
        close();
        fp_ = std::fopen(path.c_str(), "a");
    }
    void write(const std::string& line) {
        if (fp_ == nullptr) throw std::runtime_error("route feed closed");
        std::fprintf(fp_, "%s\n", line.c_str());
    }
    void close() {
        if (fp_ != nullptr) std::fclose(fp_);
        fp_ = nullptr;
    }

private:
    FILE* fp_ = nullptr;
};

struct Cortege {
    std::string name;
    RadioNet radio{"escort"};
    RouteFeed feed{"/var/cortege/route.log"};
};

class StepRegistry {
public:
    void add(const std::string& name, std::function<void()> fn) { steps_[name] = std::move(fn); }
    void run(const std::vector<std::string>& order) {
        for (const auto& n : order) {
            auto it = steps_.find(n);
            if (it == steps_.end()) throw std::runtime_error("unknown step " + n);
            it->second();
        }
    }

private:
    std::map<std::string, std::function<void()>> steps_;
};

void stand_down(Cortege& c) {
    std::vector<std::function<void()>> steps;
    // radio subsystem
    steps.emplace_back([&c] { c.radio.send("all vehicles hold at the gates"); });
    steps.emplace_back([&c] { c.radio.close(); });
    // route subsystem
    steps.emplace_back([&c] { c.feed.write("arrived: " + c.name); });
    steps.emplace_back([&c] { c.feed.close(); });
    steps.emplace_back([&c] { c.radio.send("route log sealed for " + c.name); });  // BUG: use-after-close
    for (auto& step : steps) step();
}

void release_escort(Cortege& c) {
    StepRegistry reg;
    reg.add("feed-final", [&c] { c.feed.write("final position: chapel gate"); });  // OK: runs before feed-close
    reg.add("feed-close", [&c] { c.feed.close(); });
    reg.add("radio-release", [&c] { c.radio.send("escort released"); });  // OK: runs before radio-close
    reg.add("radio-close", [&c] { c.radio.close(); });
    reg.add("radio-late", [&c] {
        if (c.radio.is_open()) c.radio.send("late note");  // OK: guarded by is_open()
    });
    reg.add("feed-reopen", [&c] { c.feed.reopen("/var/cortege/route-return.log"); });
    reg.add("feed-return", [&c] { c.feed.write("returning to depot"); });  // OK: feed-reopen runs first
    reg.run({"feed-final", "feed-close", "radio-release", "radio-close", "radio-late", "feed-reopen", "feed-return"});
}

void early_release(Cortege& c) {
    StepRegistry reg;
    reg.add("radio-close", [&c] { c.radio.close(); });
    reg.add("feed-close", [&c] { c.feed.close(); });
    reg.add("radio-release", [&c] { c.radio.send("escort released early"); });  // BUG: use-after-close
    reg.run({"feed-close", "radio-close", "radio-release"});
}
