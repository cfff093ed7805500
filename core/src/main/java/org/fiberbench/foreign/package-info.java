/** libc calls through the Foreign Function API, reached by reflection so that fiberbench still runs on JDK 21. */
package org.fiberbench.foreign;
