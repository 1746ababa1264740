// Coin grading slab encapsulator. Graded coins are sealed into plastic slabs
// by an ultrasonic SealLine, a LabelPrinter prints the grade insert and the
// CertDb records the certificate. Sealing jobs are handed to a BenchCrew, the
// shop's own one-worker job queue.
// What the method bodies say: SealLine::resume() only lifts a pause and
// returns early on a closed line (reopening needs open()); LabelPrinter::
// close() throws when called twice while CertDb::close() is idempotent;
// BenchCrew runs submitted jobs later on its worker, and wait_idle() returns
// only when the queue is empty and no job is running.
// Mistakes: power_cut() closes the line and "resumes" it; end_shift() closes
// the printer and then runs shutdown_station(), which closes it again;
// encapsulate_batch() closes the line while queued jobs may still seal.
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

class SealLine {
public:
    enum class State { Running, Paused, Closed };
    explicit SealLine(const std::string& dev) { open(dev); }
    void open(const std::string& dev) {
        fd_ = ::open(dev.c_str(), O_WRONLY | O_NOCTTY);
        state_ = fd_ >= 0 ? State::Running : State::Closed;
    }
    void pause() {
        if (state_ == State::Running) state_ = State::Paused;
    }
    void resume() {
        if (state_ == State::Closed) return;
        state_ = State::Running;
    }
    void seal(const std::string& cert) {
        if (state_ != State::Running) throw std::runtime_error("seal line closed or paused");
        std::string cmd = "SEAL " + cert + "\n";
        if (::write(fd_, cmd.data(), cmd.size()) < 0) throw std::runtime_error("seal line write failed");
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        state_ = State::Closed;
    }

private:
    int fd_ = -1;
    State state_ = State::Closed;
};

class LabelPrinter {
public:
    explicit LabelPrinter(const char* dev) : fp_(std::fopen(dev, "w")) {}
    void print(const std::string& grade) {
        if (closed_ || fp_ == nullptr) throw std::runtime_error("label printer closed");
        std::fprintf(fp_, "%s\f", grade.c_str());
    }
    void close() {
        if (closed_) throw std::logic_error("label printer already closed");
        if (fp_ != nullptr) std::fclose(fp_);
        closed_ = true;
    }

private:
    FILE* fp_;
    bool closed_ = false;
};

class CertDb {
public:
    explicit CertDb(const char* path) : fp_(std::fopen(path, "a")) {}
    void record(const std::string& cert) {
        if (fp_ != nullptr) std::fprintf(fp_, "%s\n", cert.c_str());
    }
    void close() {
        if (fp_ == nullptr) return;
        std::fclose(fp_);
        fp_ = nullptr;
    }

private:
    FILE* fp_;
};

class BenchCrew {
public:
    BenchCrew() : worker_([this] { loop(); }) {}
    ~BenchCrew() {
        {
            std::lock_guard<std::mutex> lk(mu_);
            quit_ = true;
        }
        cv_.notify_all();
        worker_.join();
    }
    void submit(std::function<void()> job) {
        std::lock_guard<std::mutex> lk(mu_);
        jobs_.push_back(std::move(job));
        cv_.notify_all();
    }
    void wait_idle() {
        std::unique_lock<std::mutex> lk(mu_);
        idle_cv_.wait(lk, [this] { return jobs_.empty() && !busy_; });
    }

private:
    void loop() {
        std::unique_lock<std::mutex> lk(mu_);
        for (;;) {
            cv_.wait(lk, [this] { return quit_ || !jobs_.empty(); });
            if (jobs_.empty()) return;
            auto job = std::move(jobs_.front());
            jobs_.pop_front();
            busy_ = true;
            lk.unlock();
            job();
            lk.lock();
            busy_ = false;
            idle_cv_.notify_all();
        }
    }
    std::mutex mu_;
    std::condition_variable cv_, idle_cv_;
    std::deque<std::function<void()>> jobs_;
    bool busy_ = false;
    bool quit_ = false;
    std::thread worker_;
};

struct Station {
    SealLine line{"/dev/slab_sealer"};
    LabelPrinter printer{"/dev/usb/lp1"};
    CertDb db{"/var/grading/certs.txt"};
};

void shutdown_station(Station& s) {
    s.printer.close();  // SAME: station
    s.db.close();  // OK: CertDb::close() returns when already closed
    s.line.close();
}

void lunch_break(Station& s) {
    s.line.pause();
    s.line.resume();
    s.line.seal("CERT-40117");  // OK: resume() lifted the pause, the line was never closed
}

void power_cut(Station& s) {
    s.line.close();
    s.line.resume();
    s.line.seal("CERT-40118");  // BUG: use-after-close
}

void end_shift(Station& s) {
    s.printer.print("MS-65 RD");
    s.db.record("CERT-40119");
    s.printer.close();
    s.db.close();
    shutdown_station(s);  // BUG: double-close #station
}

void encapsulate_batch(BenchCrew& crew, SealLine& line, const std::vector<std::string>& certs) {
    for (const auto& c : certs) crew.submit([&line, c] { line.seal(c); });  // BUG: use-after-close #crew
    line.close();  // SAME: crew
}

void encapsulate_batch_fixed(BenchCrew& crew, SealLine& line, const std::vector<std::string>& certs) {
    for (const auto& c : certs) crew.submit([&line, c] { line.seal(c); });  // OK: wait_idle() below returns only after every job ran
    crew.wait_idle();
    line.close();
}
