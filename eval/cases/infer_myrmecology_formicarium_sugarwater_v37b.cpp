// Ant colony formicarium controller: a FeedingChannel doses sugar water and
// can be paused for cleaning, a HumidityPort drives the nest misters, a
// NestCamera streams the brood chamber, and a small Crew of worker threads
// runs queued jobs once started. What each call does is only visible in the
// method bodies: resume() does nothing on a closed channel, HumidityPort's
// close() throws when called twice while NestCamera's is idempotent, and
// the Crew does not run anything before start().
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class FeedingChannel {
public:
    enum class State { Running, Paused, Closed };
    void dispense(int mg) {
        if (state_ == State::Closed) throw std::runtime_error("feeding channel closed");
        if (state_ == State::Paused) throw std::runtime_error("feeding channel paused");
        total_mg_ += mg;
    }
    void pause() { if (state_ == State::Running) state_ = State::Paused; }
    void resume() {
        if (state_ == State::Closed) return;  // a closed channel stays closed
        state_ = State::Running;
    }
    void reopen() { state_ = State::Running; }
    void close() { state_ = State::Closed; }

private:
    State state_ = State::Running;
    int total_mg_ = 0;
};

class HumidityPort {
public:
    void mist(int ms) {
        if (closed_) throw std::runtime_error("humidity port closed");
        misted_ms_ += ms;
    }
    void close() {
        if (closed_) throw std::logic_error("humidity port already closed");
        closed_ = true;
    }

private:
    bool closed_ = false;
    int misted_ms_ = 0;
};

class NestCamera {
public:
    void frame() {
        if (!open_) throw std::runtime_error("nest camera closed");
        ++frames_;
    }
    // Idempotent: closing a closed camera does nothing.
    void close() {
        if (!open_) return;
        open_ = false;
    }

private:
    bool open_ = true;
    int frames_ = 0;
};

class ColonyLog {
public:
    void write(const std::string& line) {
        if (closed_) throw std::runtime_error("colony log closed");
        lines_.push_back(line);
    }
    void close() { closed_ = true; }

private:
    std::vector<std::string> lines_;
    bool closed_ = false;
};

class Crew {
public:
    explicit Crew(unsigned n) : n_(n) {}
    ~Crew() { stop(); }
    void submit(std::function<void()> job) {
        std::lock_guard<std::mutex> lk(mu_);
        jobs_.push_back(std::move(job));
        cv_.notify_one();
    }
    void start() {
        for (unsigned i = 0; i < n_; ++i) workers_.emplace_back([this] { work(); });
    }
    // Lets the workers drain the queue, then joins them.
    void stop() {
        {
            std::lock_guard<std::mutex> lk(mu_);
            stopping_ = true;
        }
        cv_.notify_all();
        for (std::thread& t : workers_) t.join();
        workers_.clear();
    }

private:
    void work() {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock<std::mutex> lk(mu_);
                cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
                if (jobs_.empty()) return;
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            try {
                job();
            } catch (const std::exception& e) {
                std::fprintf(stderr, "crew job failed: %s\n", e.what());
            }
        }
    }
    unsigned n_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> workers_;
    bool stopping_ = false;
};

void cleaning_break(FeedingChannel& ch) {
    ch.pause();
    ch.resume();
    ch.dispense(3); // OK: resume() after pause() restarts the channel
}

void end_of_trial(FeedingChannel& ch) {
    ch.close();
    ch.resume();
    ch.dispense(5); // BUG: use-after-close
}

void new_trial(FeedingChannel& ch) {
    ch.close();
    ch.reopen();
    ch.dispense(2); // OK: reopen() really reopens
}

void night_mode(HumidityPort& port, NestCamera& cam) {
    port.mist(400);
    cam.frame();
    cam.close();
    port.close();
    cam.close(); // OK: NestCamera::close() is idempotent
    port.close(); // BUG: double-close
}

void census_jobs(int chambers) {
    ColonyLog log;
    Crew crew(2);
    for (int c = 0; c < chambers; ++c) {
        crew.submit([&log, c] { log.write("chamber " + std::to_string(c)); }); // BUG: use-after-close #crew
    }
    log.close(); // SAME: crew
    crew.start();
    crew.stop();
}

void census_jobs_fixed(int chambers) {
    ColonyLog log;
    Crew crew(2);
    crew.start();
    for (int c = 0; c < chambers; ++c) {
        crew.submit([&log, c] { log.write("chamber " + std::to_string(c)); }); // OK: stop() drains and joins before close
    }
    crew.stop();
    log.close();
}
