// Crocodile farm clutch incubation. Egg temperature decides the hatchlings'
// sex, so each clutch's Incubator (heater controller behind a descriptor) is
// driven to a setpoint, candling results go to a ClutchLog, and a NestCam
// streams the hatching. Candling jobs run on the farm's own Crew pool.
// What the method bodies say: Incubator::resume() reopens the controller link
// after suspend() or close() (and throws if it cannot); ClutchLog::close()
// throws when called twice, so callers check closed(); NestCam::close() is
// idempotent; Crew::stop() runs every queued job and joins its workers.
// Negative case: every use after a close follows a resume()/reopen, every
// second close is either guarded or idempotent, and the log is closed only
// after the crew has finished the jobs that write to it.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class Incubator {
public:
    explicit Incubator(std::string dev) : dev_(std::move(dev)) { resume(); }
    void suspend() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        running_ = false;
    }
    void resume() {
        if (running_) return;
        fd_ = ::open(dev_.c_str(), O_WRONLY | O_NOCTTY);
        if (fd_ < 0) throw std::runtime_error("cannot reopen incubator " + dev_);
        running_ = true;
    }
    void set_temp(double c) {
        if (!running_) throw std::runtime_error("incubator link closed");
        std::string cmd = "SETPOINT " + std::to_string(c) + "\n";
        if (::write(fd_, cmd.data(), cmd.size()) < 0) throw std::runtime_error("incubator write failed");
    }
    void close() { suspend(); }

private:
    std::string dev_;
    int fd_ = -1;
    bool running_ = false;
};

class ClutchLog {
public:
    explicit ClutchLog(const std::string& path) { reopen(path); }
    void append(const std::string& line) {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) throw std::runtime_error("clutch log closed");
        std::fprintf(fp_, "%s\n", line.c_str());
    }
    void close() {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) throw std::logic_error("clutch log closed twice");
        std::fclose(fp_);
        closed_ = true;
    }
    bool closed() const {
        std::lock_guard<std::mutex> lk(mu_);
        return closed_;
    }
    void reopen(const std::string& path) {
        std::lock_guard<std::mutex> lk(mu_);
        if (!closed_) return;
        fp_ = std::fopen(path.c_str(), "a");
        if (fp_ == nullptr) throw std::runtime_error("cannot open clutch log " + path);
        closed_ = false;
    }

private:
    mutable std::mutex mu_;
    FILE* fp_ = nullptr;
    bool closed_ = true;
};

// Idempotent: the hatching stream may be stopped by the keeper or by timeout.
class NestCam {
public:
    explicit NestCam(const char* url) : pipe_(popen((std::string("nestcam-pull ") + url).c_str(), "r")) {}
    ~NestCam() { close(); }
    void close() {
        if (pipe_ == nullptr) return;
        pclose(pipe_);
        pipe_ = nullptr;
    }

private:
    FILE* pipe_;
};

class Crew {
public:
    explicit Crew(int n) {
        for (int i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
    }
    ~Crew() { stop(); }
    void submit(std::function<void()> job) {
        std::lock_guard<std::mutex> lk(mu_);
        jobs_.push_back(std::move(job));
        cv_.notify_one();
    }
    void stop() {
        {
            std::lock_guard<std::mutex> lk(mu_);
            stopping_ = true;
        }
        cv_.notify_all();
        for (auto& w : workers_) {
            if (w.joinable()) w.join();
        }
    }

private:
    void work() {
        std::unique_lock<std::mutex> lk(mu_);
        for (;;) {
            cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;
            auto job = std::move(jobs_.front());
            jobs_.pop_front();
            lk.unlock();
            job();
            lk.lock();
        }
    }
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

void candle_clutch(Incubator& inc, ClutchLog& log, const std::vector<int>& eggs, bool want_males) {
    Crew crew(2);
    for (int egg : eggs) {
        crew.submit([&log, egg] { log.append("egg " + std::to_string(egg) + " fertile"); });  // OK: crew.stop() below runs every job and joins first
    }
    crew.stop();
    log.close();
    inc.suspend();
    inc.resume();
    inc.set_temp(want_males ? 32.5 : 30.0);  // OK: resume() reopened the controller link
}

void nightly_reset(Incubator& inc, ClutchLog& log, const std::string& log_path, NestCam& cam) {
    if (!log.closed()) log.close();  // OK: guarded, close() is never reached on a closed log
    cam.close();
    cam.close();  // OK: NestCam::close() returns when already closed
    inc.close();
    inc.resume();
    inc.set_temp(31.0);  // OK: resume() reopens after close() as well
    log.reopen(log_path);
    log.append("night setpoint 31.0");  // OK: reopen() succeeded or threw
}
