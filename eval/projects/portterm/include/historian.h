// HistorianWriter: appends timestamped process values to size-rotated files (FILE*).
// Shared by the cranes, the telemetry pumps and the alarm monitor; all methods lock.
#pragma once
#include <cstdio>
#include <mutex>
#include <string>

#include "status.h"

class HistorianWriter {
public:
    HistorianWriter(std::string dir, std::string prefix, long max_bytes);
    ~HistorianWriter();
    HistorianWriter(const HistorianWriter&) = delete;
    HistorianWriter& operator=(const HistorianWriter&) = delete;

    Status open();
    void append(const std::string& tag, double value);       // throws once closed
    void append_text(const std::string& line);               // throws once closed
    bool append_if_open(const std::string& tag, const std::string& text);
    Status rotate();      // on failure keeps writing to the current file
    void flush();
    void close();         // idempotent
    bool is_open() const;

private:
    std::string next_path_locked();
    Status rotate_locked();
    void write_locked(const std::string& line);

    mutable std::mutex mu_;
    std::FILE* fp_ = nullptr;
    std::string dir_;
    std::string prefix_;
    long max_bytes_;
    long written_ = 0;
    int seq_ = 0;
};
