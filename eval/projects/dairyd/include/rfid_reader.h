// RfidReader: the cow-ID reader at the parlour entrance (a character device).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "fd_handle.h"
#include "status.h"

class RfidReader {
public:
    explicit RfidReader(std::string device);
    Status open();        // no-op when already open
    void close();         // idempotent
    bool is_open() const;
    std::optional<std::uint64_t> read_tag(int timeout_ms);   // throws when closed

private:
    std::string device_;
    FdHandle fd_;
};
