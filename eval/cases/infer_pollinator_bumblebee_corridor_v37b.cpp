// Bumblebee corridor survey: volunteers walk wildflower strips between
// farms; a TransectCounter records visits per flower species, PollenTraps
// are emptied into a lab uplink, and a FieldCrew thread pool uploads the
// sightings. Correct throughout, as the method bodies show: resume()
// reconnects a closed counter, PollenTrap::close() reports AlreadyClosed
// instead of closing twice, LabUplink::flush() is a no-op once closed,
// Transect::finish() only writes a trailer and keeps the file open, and the
// crew drains and joins its workers before the uplink is closed.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class TransectCounter {
public:
    enum class State { Running, Closed };
    void visit(const std::string& species) {
        if (state_ == State::Closed) throw std::runtime_error("transect counter closed");
        ++visits_;
        last_ = species;
    }
    void close() { state_ = State::Closed; }
    // Reconnects the handheld if it was closed, then starts counting again.
    void resume() {
        if (state_ == State::Closed) ++reconnects_;
        state_ = State::Running;
    }

private:
    State state_ = State::Running;
    int visits_ = 0;
    int reconnects_ = 0;
    std::string last_;
};

enum class Status { Ok, AlreadyClosed };

class PollenTrap {
public:
    explicit PollenTrap(const char* path) : fp_(std::fopen(path, "a")) {}
    ~PollenTrap() { close(); }
    Status close() {
        if (!fp_) return Status::AlreadyClosed;
        std::fclose(fp_);
        fp_ = nullptr;
        return Status::Ok;
    }
    void empty_into(const std::string& sample) {
        if (!fp_) throw std::runtime_error("pollen trap closed");
        std::fprintf(fp_, "%s\n", sample.c_str());
    }

private:
    FILE* fp_;
};

class LabUplink {
public:
    void send(const std::string& rec) {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) throw std::runtime_error("lab uplink closed");
        pending_.push_back(rec);
    }
    void flush() {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) return;  // nothing to flush on a closed uplink
        pending_.clear();
    }
    void close() {
        std::lock_guard<std::mutex> lk(mu_);
        closed_ = true;
    }

private:
    std::mutex mu_;
    std::vector<std::string> pending_;
    bool closed_ = false;
};

class Transect {
public:
    explicit Transect(const char* path) : fp_(std::fopen(path, "w")) {}
    ~Transect() {
        if (fp_) std::fclose(fp_);
    }
    void row(const std::string& r) {
        if (fp_) std::fprintf(fp_, "%s\n", r.c_str());
    }
    // Writes the trailer of the current strip; the file stays open for the next strip.
    void finish() {
        if (fp_) std::fputs("# end of strip\n", fp_);
    }

private:
    FILE* fp_;
};

class FieldCrew {
public:
    explicit FieldCrew(unsigned n) {
        for (unsigned i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
    }
    ~FieldCrew() { stop(); }
    void post(std::function<void()> job) {
        std::lock_guard<std::mutex> lk(mu_);
        jobs_.push_back(std::move(job));
        cv_.notify_one();
    }
    // Runs every queued job, then joins the workers.
    void stop() {
        {
            std::lock_guard<std::mutex> lk(mu_);
            done_ = true;
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
                cv_.wait(lk, [this] { return done_ || !jobs_.empty(); });
                if (jobs_.empty()) return;
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            job();
        }
    }
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> workers_;
    bool done_ = false;
};

void walk_after_rain(TransectCounter& counter) {
    counter.visit("red clover");
    counter.close();
    counter.resume();
    counter.visit("knapweed"); // OK: resume() reconnects a closed counter
}

void empty_traps(PollenTrap& trap, LabUplink& lab) {
    trap.empty_into("corbicula sample 14");
    if (trap.close() == Status::Ok) lab.send("trap 14 emptied");
    trap.close(); // OK: returns AlreadyClosed, nothing is closed twice
    lab.close();
    lab.flush(); // OK: flush() returns early once the uplink is closed
}

void two_strips(const char* path) {
    Transect t(path);
    t.row("strip A,bombus terrestris,12");
    t.finish();
    t.row("strip B,bombus pascuorum,7"); // OK: finish() does not close the file
    t.finish();
}

void upload_sightings(LabUplink& lab, const std::vector<std::string>& rows) {
    FieldCrew crew(2);
    for (const std::string& r : rows) {
        crew.post([&lab, r] { lab.send(r); }); // OK: crew.stop() runs and joins every job before close
    }
    crew.stop();
    lab.close();
}
