// Journal: appends one line per event to the day log. Size rotation (roll_locked(), from
// append()) renames the file and opens the new one before it closes the old stream, and keeps the
// old stream when either step fails, so append() never writes to a closed FILE*. roll() starts a
// new file for a new shift: it always closes the current stream, then reopens or throws.
// close() is idempotent, which the destructor relies on after the shutdown closed the journal.
#include "journal.h"

#include <stdexcept>
#include <utility>

Journal::Journal(std::string path, std::size_t rotate_bytes) : path_(std::move(path)), limit_(rotate_bytes) {}

Journal::~Journal() { close(); }   // OK: close() returns early when the journal was already closed

Status Journal::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_ != nullptr) return Status();
    fp_ = std::fopen(path_.c_str(), "a");
    if (fp_ == nullptr) return Status::error(Code::Io, "cannot open journal " + path_);
    bytes_ = 0;
    return Status();
}

bool Journal::is_open() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fp_ != nullptr;
}

void Journal::append(const std::string& line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_ == nullptr) throw std::runtime_error("journal closed: " + path_);
    if (bytes_ + line.size() + 1 > limit_) roll_locked();
    std::fprintf(fp_, "%s\n", line.c_str());   // OK: roll_locked() swaps in the new stream before closing the old one, or keeps the old one
    bytes_ += line.size() + 1;
}

void Journal::roll() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_ == nullptr) throw std::runtime_error("journal closed: " + path_);
    std::fclose(fp_);
    fp_ = nullptr;
    const std::string rolled = path_ + "." + std::to_string(++generation_);
    std::rename(path_.c_str(), rolled.c_str());   // on failure the new shift continues in the same file
    fp_ = std::fopen(path_.c_str(), "a");
    if (fp_ == nullptr) throw std::runtime_error("journal reopen failed: " + path_);
    bytes_ = 0;
}

void Journal::roll_locked() {
    const std::string rolled = path_ + "." + std::to_string(generation_ + 1);
    if (std::rename(path_.c_str(), rolled.c_str()) != 0) return;   // keep writing to the current file
    std::FILE* next = std::fopen(path_.c_str(), "a");
    if (next == nullptr) return;   // keep writing to the renamed file until the next roll
    std::fclose(fp_);
    fp_ = next;
    ++generation_;
    bytes_ = 0;
}

std::FILE* Journal::stream() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fp_;
}

void Journal::flush() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_ != nullptr) std::fflush(fp_);   // OK: guarded under the same mutex close() takes
}

void Journal::close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_ == nullptr) return;
    std::fclose(fp_);
    fp_ = nullptr;
}
