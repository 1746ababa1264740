// ScopeExit: runs a callable when the enclosing scope ends, unless dismissed.
#pragma once
#include <functional>

class ScopeExit {
public:
    explicit ScopeExit(std::function<void()> fn);
    ~ScopeExit();
    ScopeExit(const ScopeExit&) = delete;
    ScopeExit& operator=(const ScopeExit&) = delete;
    void dismiss();

private:
    std::function<void()> fn_;
    bool active_ = true;
};
