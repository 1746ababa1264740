// Mock-jury research lab transcriber. During a study session the utterances
// picked up in the deliberation room are queued to a Stenographer thread that
// appends them to a TranscriptChannel; the session, the stenographer and the
// bailiff console each hold a shared_ptr to the same channel, and the
// foreperson display keeps only a weak_ptr.
// Mistakes: adjourn() closes the channel while the stenographer thread may
// still be appending queued utterances (it is stopped only afterwards), and
// deliver_verdict() appends the verdict after the bailiff's clear_room() has
// closed the shared channel.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class TranscriptChannel {
public:
    explicit TranscriptChannel(const std::string& path) : fp_(std::fopen(path.c_str(), "a")) {
        if (fp_ == nullptr) throw std::runtime_error("cannot open transcript " + path);
    }
    ~TranscriptChannel() { close(); }
    void append(const std::string& speaker, const std::string& text) {
        if (fp_ == nullptr) throw std::runtime_error("transcript channel closed");
        std::fprintf(fp_, "[%s] %s\n", speaker.c_str(), text.c_str());
    }
    void close() {
        if (fp_ != nullptr) std::fclose(fp_);
        fp_ = nullptr;
    }
    bool is_open() const { return fp_ != nullptr; }

private:
    FILE* fp_;
};

class Stenographer {
public:
    explicit Stenographer(std::shared_ptr<TranscriptChannel> ch) : ch_(std::move(ch)) {}
    ~Stenographer() { stop(); }
    void start() { worker_ = std::thread([this] { run(); }); }
    void hear(std::string speaker, std::string text) {
        std::lock_guard<std::mutex> lk(mu_);
        q_.emplace_back(std::move(speaker), std::move(text));
        cv_.notify_one();
    }
    void stop() {
        {
            std::lock_guard<std::mutex> lk(mu_);
            stopping_ = true;
        }
        cv_.notify_one();
        if (worker_.joinable()) worker_.join();
    }

private:
    void run() {
        std::unique_lock<std::mutex> lk(mu_);
        for (;;) {
            cv_.wait(lk, [this] { return stopping_ || !q_.empty(); });
            if (q_.empty()) return;  // stopping and drained
            auto u = std::move(q_.front());
            q_.pop_front();
            lk.unlock();
            ch_->append(u.first, u.second);  // BUG: use-after-close #race
            lk.lock();
        }
    }
    std::shared_ptr<TranscriptChannel> ch_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::pair<std::string, std::string>> q_;
    bool stopping_ = false;
    std::thread worker_;
};

class BailiffConsole {
public:
    explicit BailiffConsole(std::shared_ptr<TranscriptChannel> ch) : ch_(std::move(ch)) {}
    void clear_room() {
        ch_->append("bailiff", "room cleared");
        ch_->close();
    }

private:
    std::shared_ptr<TranscriptChannel> ch_;
};

class ForepersonDisplay {
public:
    explicit ForepersonDisplay(std::weak_ptr<TranscriptChannel> ch) : ch_(std::move(ch)) {}
    void show(const std::string& line) {
        auto ch = ch_.lock();
        if (!ch || !ch->is_open()) return;
        ch->append("display", line);  // OK: lock() and is_open() checked, same thread as every close
    }

private:
    std::weak_ptr<TranscriptChannel> ch_;
};

class MockJurySession {
public:
    explicit MockJurySession(const std::string& path)
        : channel_(std::make_shared<TranscriptChannel>(path)), steno_(channel_), bailiff_(channel_), display_(channel_) {
        steno_.start();
    }
    void utterance(const std::string& juror, const std::string& text) { steno_.hear(juror, text); }
    void adjourn() {
        channel_->close();  // SAME: race
        steno_.stop();
    }
    void recess() {
        steno_.stop();
        channel_->close();  // OK: the stenographer thread has drained and joined
        display_.show("recess");  // OK: show() returns on a closed channel
    }
    void deliver_verdict(const std::string& verdict) {
        steno_.stop();
        bailiff_.clear_room();
        channel_->append("foreperson", verdict);  // BUG: use-after-close
    }

private:
    std::shared_ptr<TranscriptChannel> channel_;
    Stenographer steno_;
    BailiffConsole bailiff_;
    ForepersonDisplay display_;
};

void study_day(const std::string& path) {
    MockJurySession s(path);
    s.utterance("juror 3", "I am not convinced by the alibi");
    s.utterance("juror 8", "The receipt puts him across town");
    s.adjourn();
}

void study_day_fixed(const std::string& path) {
    MockJurySession s(path);
    s.utterance("juror 5", "Can we see exhibit 12 again?");
    s.recess();
}
