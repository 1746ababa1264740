// TankerFeed: the TCP feed to the milk cooperative (collections and tickets), with reconnect.
#pragma once
#include <mutex>
#include <string>

#include "records.h"
#include "status.h"

class TankerFeed {
public:
    TankerFeed(std::string host, int port);
    ~TankerFeed();
    TankerFeed(const TankerFeed&) = delete;
    TankerFeed& operator=(const TankerFeed&) = delete;

    Status connect();            // no-op when open
    void close();                // throws std::logic_error when the feed is already closed
    bool isOpen() const;
    Status send_collection(const CollectionRecord& rec);   // throws when closed
    Status send_ticket(const std::string& ticket);         // throws when closed
    Status reconnect(int max_attempts);                    // close, then connect with backoff

private:
    enum class State { Closed, Open };
    Status send_line_locked(const std::string& line);

    std::string host_;
    int port_;
    int fd_ = -1;
    State state_ = State::Closed;
    mutable std::mutex mu_;
};
