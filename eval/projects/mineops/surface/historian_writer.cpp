// HistorianWriter: rotating text segments through stdio. All access to fp_ is under mu_;
// rotation and close() null fp_ as they fclose it, so append() after close() returns an
// error instead of touching a closed stream and close() may be called any number of times.
#include "historian.h"

#include <utility>

HistorianWriter::HistorianWriter(std::string dir, std::size_t rotateBytes)
    : dir_(std::move(dir)), rotateBytes_(rotateBytes) {}

HistorianWriter::~HistorianWriter() {
    close(); // OK: idempotent; the shutdown hook usually closed the historian already
}

std::string HistorianWriter::segmentPath(std::size_t n) const {
    return dir_ + "/historian-" + std::to_string(n) + ".log";
}

Status HistorianWriter::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_) return Status::Ok();
    fp_ = std::fopen(segmentPath(segment_).c_str(), "a");
    if (!fp_) return Status::Error("cannot open historian segment " + segmentPath(segment_));
    written_ = 0;
    return Status::Ok();
}

Status HistorianWriter::append(const std::string& record) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) return Status::Error("historian " + dir_ + " is closed");
    if (std::fprintf(fp_, "%s\n", record.c_str()) < 0) return Status::Error("historian write failed"); // OK: fp_ checked under mu_, which close() and rotate() also hold
    written_ += record.size() + 1;
    if (written_ >= rotateBytes_) return rotateLocked();
    return Status::Ok();
}

Status HistorianWriter::rotate() {
    std::lock_guard<std::mutex> lk(mu_);
    return rotateLocked();
}

Status HistorianWriter::rotateLocked() {
    if (fp_) {
        std::fclose(fp_); // OK: fp_ is replaced by the next segment right below
        fp_ = nullptr;
    }
    ++segment_;
    written_ = 0;
    fp_ = std::fopen(segmentPath(segment_).c_str(), "a");
    if (!fp_) return Status::Error("cannot open historian segment " + segmentPath(segment_));
    return Status::Ok();
}

void HistorianWriter::close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) return;
    std::fclose(fp_); // OK: null-checked and cleared under the same lock
    fp_ = nullptr;
}

bool HistorianWriter::isOpen() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fp_ != nullptr;
}

FILE* HistorianWriter::stream() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fp_;
}

std::size_t HistorianWriter::segment() const {
    std::lock_guard<std::mutex> lk(mu_);
    return segment_;
}
