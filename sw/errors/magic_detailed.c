// Asks for the detailed timing model by magic instruction, which this build
// does not have: the simulator warns and the program runs on to its end.
#include "fireplane_magic.h"

#include <stdio.h>

int main(void) {
    FIREPLANE_MODEL_DETAILED();
    printf("still running\n");
    return 0;
}
