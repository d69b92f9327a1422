#include "low/low.h"

#if defined(LAYER_CASE_wrong_include)
#include "high/high.h"
int low_value() {
    return high_value() + 1;
}
#elif defined(LAYER_CASE_wrong_symbol)
int high_value(); // declared by hand: the compiler cannot know where it lives
int low_value() {
    return high_value() + 1;
}
#else
int low_value() {
    return 1;
}
#endif
