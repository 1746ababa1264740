// Lapidary workshop: rotary tumblers polishing geode halves share one
// GritLine, the dosing controller that drops silicon carbide grit into the
// barrels. Barrels, the workshop and a dosing thread all hold the line.
// Correct throughout: barrels hold a weak_ptr and check closed() after
// lock(); the workshop closes the old line only after swapping in a new one;
// a shared owner closes only when it is the last owner; callbacks are
// cancelled before the close; and the dosing thread uses try_feed(), which
// checks the flag under the same mutex that close() takes.
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

class GritLine {
public:
    void feed(int grit, int grams) {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) throw std::runtime_error("grit line closed");
        dosed_ += grams * (grit > 0 ? 1 : 0);
    }
    bool try_feed(int grit, int grams) {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) return false;
        dosed_ += grams * (grit > 0 ? 1 : 0);
        return true;
    }
    void close() {
        std::lock_guard<std::mutex> lk(mu_);
        closed_ = true;
    }
    bool closed() const {
        std::lock_guard<std::mutex> lk(mu_);
        return closed_;
    }

private:
    mutable std::mutex mu_;
    bool closed_ = false;
    int dosed_ = 0;
};

class Barrel {
public:
    explicit Barrel(const std::shared_ptr<GritLine>& line) : line_(line) {}
    void top_up(int grit) {
        auto line = line_.lock();
        if (!line || line->closed()) return;
        line->feed(grit, 20); // OK: checked closed() on the locked pointer
    }

private:
    std::weak_ptr<GritLine> line_;
};

class Workshop {
public:
    Workshop() : line_(std::make_shared<GritLine>()) {}
    std::shared_ptr<GritLine> line() const { return line_; }

    void swap_line() {
        std::shared_ptr<GritLine> old = std::exchange(line_, std::make_shared<GritLine>());
        old->close();
        line_->feed(600, 15); // OK: line_ already holds the replacement
    }
    void on_cycle(std::function<void()> fn) { cycle_.push_back(std::move(fn)); }
    void run_cycle() {
        for (auto& fn : cycle_) fn();
    }
    void shutdown() {
        cycle_.clear();
        line_->close();
        run_cycle(); // OK: the callbacks were cancelled before the close
    }

private:
    std::shared_ptr<GritLine> line_;
    std::vector<std::function<void()>> cycle_;
};

// Drops this owner's reference; the last owner closes the line.
static void release(std::shared_ptr<GritLine>& mine) {
    if (mine.use_count() == 1) mine->close();
    mine.reset();
}

void two_shifts(Workshop& shop) {
    std::shared_ptr<GritLine> morning = shop.line();
    std::shared_ptr<GritLine> evening = morning;
    release(morning);
    evening->feed(1200, 10); // OK: release() closes only when it held the last reference
}

void polish_batch(Workshop& shop) {
    Barrel amethyst(shop.line());
    Barrel agate(shop.line());
    std::shared_ptr<GritLine> dosing = shop.line();
    shop.on_cycle([dosing] { dosing->feed(220, 30); });
    shop.run_cycle();
    std::atomic<bool> stop{false};
    std::thread doser([dosing, &stop] {
        while (!stop.load()) {
            if (!dosing->try_feed(80, 5)) break; // OK: try_feed checks closed_ under close()'s mutex
            std::this_thread::yield();
        }
    });
    amethyst.top_up(500);
    shop.shutdown();
    agate.top_up(1000); // OK: top_up() sees closed() and returns
    stop.store(true);
    doser.join();
}
