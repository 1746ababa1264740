// Synchronous firefly survey station: a night camera counts flashes per
// minute into a FlashFeed and a CSV file. At dawn the station shuts down by
// running a list of named steps in order. In stop_meadow_station() the steps
// were appended in the wrong order: the feed is closed before its buffered
// counts are flushed, and the CSV is closed before the summary row is
// written. stop_creek_station() has the right order.
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class FlashFeed {
public:
    void record(int flashes) {
        if (closed_) throw std::runtime_error("flash feed closed");
        buffer_.push_back(flashes);
    }
    int flush() {
        if (closed_) throw std::runtime_error("flash feed closed");
        int total = 0;
        for (int f : buffer_) total += f;
        buffer_.clear();
        flushed_ += total;
        return total;
    }
    void close() { closed_ = true; }
    bool is_closed() const { return closed_; }
    int flushed() const { return flushed_; }

private:
    std::vector<int> buffer_;
    int flushed_ = 0;
    bool closed_ = false;
};

class ShutdownSequence {
public:
    void add(std::string name, std::function<void()> step) {
        steps_.emplace_back(std::move(name), std::move(step));
    }
    void run() {
        for (auto& s : steps_) {
            std::fprintf(stderr, "dawn: %s\n", s.first.c_str());
            try {
                s.second();
            } catch (const std::exception& e) {
                // A failed step is logged; the remaining steps still run.
                std::fprintf(stderr, "dawn: %s failed: %s\n", s.first.c_str(), e.what());
            }
        }
        steps_.clear();
    }

private:
    std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

void stop_meadow_station(FlashFeed& feed, FILE* csv) {
    ShutdownSequence dawn;
    dawn.add("close feed", [&feed] { feed.close(); });
    dawn.add("flush feed", [&feed] { feed.flush(); }); // BUG: use-after-close
    dawn.add("close csv", [csv] { std::fclose(csv); });
    dawn.add("summary row", [csv, &feed] { std::fprintf(csv, "total,%d\n", feed.flushed()); }); // BUG: use-after-close
    dawn.run();
}

void stop_creek_station(FlashFeed& feed, FILE* csv) {
    ShutdownSequence dawn;
    int last = 0;
    dawn.add("flush feed", [&feed, &last] { last = feed.flush(); }); // OK: runs before the close step
    dawn.add("summary row", [csv, &last] { std::fprintf(csv, "last,%d\n", last); }); // OK: csv closed by a later step
    dawn.add("close feed", [&feed] { feed.close(); });
    dawn.add("close csv", [csv] { std::fclose(csv); });
    dawn.add("late count", [&feed] {
        if (!feed.is_closed()) feed.record(0); // OK: guarded by is_closed()
    });
    dawn.run();
}

void stop_pond_station(FlashFeed& feed, FILE* csv) {
    ShutdownSequence dawn;
    FILE* out = csv;
    dawn.add("close csv", [&out] {
        std::fclose(out);
        out = nullptr;
    });
    dawn.add("note", [&out] {
        if (out) std::fputs("pond done\n", out); // OK: pointer cleared by the close step
    });
    dawn.add("close feed", [&feed] { feed.close(); });
    dawn.run();
}
